// Cookies, localStorage/sessionStorage and storage-state files, as data and typed errors.
export { StorageError, type StorageErrorKind } from './errors.js';
export { webStorageItems, webStorageGet, webStorageSet, webStorageRemove, webStorageClear, storageOrigin, type WebStorageKind, type StorageItem, type WebStorageOptions } from './web-storage.js';
export { listCookies, getCookie, cookieToAdd, setCookie, deleteCookie, clearCookies, isExpired, type Cookie, type NewCookie, type CookieFilter, type CookieInput } from './cookies.js';
export { saveStorageState, readStorageState, loadStorageState, type LoadedState } from './state.js';
