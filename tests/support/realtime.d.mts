export interface RealtimeMessage {
  /** The topic the message came for, e.g. 'events/*'. */
  name: string;
  data: { action?: string; record?: Record<string, unknown> } & Record<string, unknown>;
}
export interface RealtimeSubscriber {
  clientId: string;
  messages: RealtimeMessage[];
  waitFor(predicate: (m: RealtimeMessage) => boolean, ms?: number): Promise<RealtimeMessage>;
  close(): void;
}
export function subscribeRealtime(url: string, topics: string[], options?: { token?: string; timeoutMs?: number }): Promise<RealtimeSubscriber>;
