/**
 * The staff sign-in code's mail (lib/staff-auth.ts queues it), rendered when the outbox sends it:
 * the code travels in the job's payload, because the OTP record holds only its hash.
 */
import * as S from '../rules';

/** A code job's payload: which OTP, the code itself (wiped once settled), and which sign-in asked. */
export interface CodePayload {
  otpId: string;
  code: string;
  signIn: string;
}

/** Renders the code's mail, or null when the code was used, replaced or has expired. */
export function renderCodeMail(app: CoreApp, record: core.Record, payload: Partial<CodePayload> | null): S.RenderedMail | null {
  if (!payload || !payload.otpId || !payload.code) return null;
  let otp: core.OTP;
  try {
    otp = app.findOTPById(payload.otpId);
  } catch (_) {
    return null;
  }
  if (otp.hasExpired(record.collection().otp.durationTime())) return null;
  return S.staffCodeMail({ email: record.email(), code: payload.code, minutes: Math.round(S.STAFF_AUTH.codeSeconds / 60) });
}
