export type { StorydocContext } from './context';
export { pathSegment, readCredentialAfresh } from './context';
export { storydocApiRequest } from './request';
export { isUnknownOutcome } from './unknownOutcome';
