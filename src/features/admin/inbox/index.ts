export { RequestsInbox } from './RequestsInbox';
export { useNewRequestCount } from './useInbox';
