import { useSearch } from 'wouter';
import { emailFromQuery, InquiryThankYou } from '../features/inquiries';

export default function PrivateEventsThankYouPage() {
  const search = useSearch();
  return <InquiryThankYou email={emailFromQuery(search)} />;
}
