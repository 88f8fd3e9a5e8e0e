import { Suspense, type ComponentProps } from 'react';
import { formPlaceholderClass } from '../../components/form/stylesheet';
import { lazyOnApproach } from '../../components/lazyWhenOnline';
import type { InfluencerForm as Influencer } from './InfluencerForm';
import type { InquiryForm as Inquiry } from './InquiryForm';
import { INQUIRY_FORM_PARTS } from './formParts';
import styles from './forms.module.css';


// Both forms sit below the fold on a phone: their code loads and hydrates when the guest scrolls
// towards the form or taps into it (lazyOnApproach); the prerendered form stands there meanwhile.
const LazyInquiryForm = lazyOnApproach(INQUIRY_FORM_PARTS.inquiry, () => import('./InquiryForm').then((m) => ({ default: m.InquiryForm })));
const LazyInfluencerForm = lazyOnApproach(INQUIRY_FORM_PARTS.influencer, () => import('./InfluencerForm').then((m) => ({ default: m.InfluencerForm })));

/** Shown only where the route was rendered in the browser and the form's code is still on its way. */
const loading = <div className={`${formPlaceholderClass} ${styles.formLoading}`} aria-busy="true" />;

export function InquiryForm(props: ComponentProps<typeof Inquiry>) {
  return (
    <Suspense fallback={loading}>
      <LazyInquiryForm {...props} />
    </Suspense>
  );
}

export function InfluencerForm(props: ComponentProps<typeof Influencer>) {
  return (
    <Suspense fallback={loading}>
      <LazyInfluencerForm {...props} />
    </Suspense>
  );
}
