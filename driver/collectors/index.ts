// What happened on the page, as data: console messages and uncaught errors, requests with
// their headers and bodies, downloads, and the dialogs and file choosers waiting for an answer,
// kept per document. Surfaces word them (tools/format); nothing here names a tool.
export { attachCollectors, attachToContext, newSessionIds, type CollectorOptions, type PageCollectors, type SessionIds } from './attach.js';
export { ConsoleCollector, meetsLevel, type ConsoleItem, type ConsoleLevel, type ConsoleQuery, type ConsoleListing } from './console.js';
export { NetworkCollector, NetworkFilterError, type NetworkFilter, type NetworkQuery, type NetworkListing } from './network.js';
export type { NetworkItem, RequestState } from './network-item.js';
export { requestDetail, bodyFileName, type BodyView, type RequestDetail, type RequestDetailOptions } from './network-bodies.js';
export {
  ModalStates, ModalStateError,
  type AnsweredDialog, type DialogAnswer, type DialogPolicy, type DialogState, type DialogType, type FileChooserState, type HandledDialog, type ModalState,
} from './modal-state.js';
export { DownloadCollector, type DownloadEvent } from './downloads.js';
export { IdSource, type Bucket } from './buckets.js';
export type { Listing, Located, Paging } from './listing.js';
export { sanitizeFileName, reserveFile } from './safe-path.js';
export { mark, changesSince, type Mark, type Changes } from './summary.js';
