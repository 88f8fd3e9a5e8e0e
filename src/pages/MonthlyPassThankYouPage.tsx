import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { MonthlyPassDetails, MonthlyPassHero, readPassReceipt } from '../features/monthly-pass';

/** /thank-you: the monthly pass receipt, read from the query (SPEC §2). */
export default function MonthlyPassThankYouPage() {
  const search = useSearch();
  const receipt = useMemo(() => readPassReceipt(search), [search]);
  return (
    <>
      <MonthlyPassHero receipt={receipt} />
      <MonthlyPassDetails receipt={receipt} />
    </>
  );
}
