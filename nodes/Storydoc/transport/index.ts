export type { StorydocContext } from './context';
export { CREDENTIAL_TYPE, getBaseUrl, pathSegment } from './context';
export type { StorydocRequest } from './request';
export { storydocApiRequest } from './request';
export { isUnknownOutcome } from './unknownOutcome';
