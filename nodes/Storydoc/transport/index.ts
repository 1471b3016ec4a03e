export type { StorydocContext } from './context';
export { pathSegment } from './context';
export { storydocApiRequest } from './request';
export { isUnknownOutcome } from './unknownOutcome';
