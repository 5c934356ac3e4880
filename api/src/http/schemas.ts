// TRANSITION: the shared field and list schemas now live in `@ai-coaching/contracts`; removed once
// every route declares its operation there.
export { closed, idSchema, listQuery, pageOf } from '@ai-coaching/contracts';
