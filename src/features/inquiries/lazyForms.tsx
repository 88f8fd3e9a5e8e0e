import { lazyForm } from '../../components/form/LazyForm';
import type { InfluencerForm as Influencer } from './InfluencerForm';
import type { InquiryForm as Inquiry } from './InquiryForm';
import { INQUIRY_FORM_PARTS } from './formParts';
import styles from './forms.module.css';

// Both forms sit below the fold on a phone: their code loads and hydrates when the guest scrolls
// towards the form or taps into it (lazyOnApproach); the prerendered form stands there meanwhile.
export const InquiryForm = lazyForm<typeof Inquiry>(INQUIRY_FORM_PARTS.inquiry, () => import('./InquiryForm').then((m) => m.InquiryForm), styles.formLoading!);
export const InfluencerForm = lazyForm<typeof Influencer>(INQUIRY_FORM_PARTS.influencer, () => import('./InfluencerForm').then((m) => m.InfluencerForm), styles.formLoading!);
