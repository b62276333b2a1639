// The typed errors of leaving a page. They carry what happened as data; the message is plain
// library wording (surfaces word their own advice from the fields).
import type { HandledDialog } from '../collectors/modal-state.js';

/**
 * The page did not answer a trivial call in time while being left: a script that never yields,
 * or dialogs raised in a loop. Such a page cannot run its unload handlers, so navigating it away
 * cannot work; close it (without running them) and use a new page.
 */
export class PageNotRespondingError extends Error {
  constructor(
    /** The page's URL when it was asked. */
    readonly url: string,
    /** How long it was given. */
    readonly withinMs: number,
    /** 'dialogs': it kept raising dialogs (more than one answered); 'busy': its script did not yield. */
    readonly reason: 'dialogs' | 'busy',
    /** The dialogs answered while trying to leave, oldest first. */
    readonly dialogs: HandledDialog[],
  ) {
    super(`The page ${url} did not respond within ${withinMs / 1000} s (${reason === 'dialogs' ? 'it kept raising dialogs' : 'its script did not yield'}), so it cannot be navigated away from: close it without running its unload handlers (page.close({ runBeforeUnload: false })) and use a new page.`);
    this.name = 'PageNotRespondingError';
  }
}

/**
 * The page kept navigating by itself: navigating to `target` was cut short by its own
 * navigations `count` times, or (no target) `count` new documents replaced the one being read.
 */
export class KeptNavigatingError extends Error {
  constructor(
    /** Where the page was when we gave up. */
    readonly at: string,
    /** Attempts cut short, or documents that replaced the one being read. */
    readonly count: number,
    /** The URL being navigated to; undefined when the page was being read (a snapshot). */
    readonly target?: string,
  ) {
    super(target === undefined
      ? `The page kept navigating: ${count} new documents replaced the one being read (it is now at ${at}). Navigate elsewhere or close the tab to get away from it`
      : `The page kept navigating by itself: ${count} attempts to go to ${target} were cut short by its own navigations; it is still at ${at}. Close the page, or open the URL in a new page.`);
    this.name = 'KeptNavigatingError';
  }
}

/**
 * The page asked "leave this page?" and the caller's answer was to stay (beforeUnload:
 * 'dismiss'): the navigation was cancelled and the page is where it was.
 */
export class StayedOnPageError extends Error {
  constructor(
    /** Where the page still is. */
    readonly at: string,
    /** Where it was asked to go (undefined for back, forward, reload). */
    readonly target?: string,
  ) {
    super(`The page asked to confirm leaving it and the prompt was dismissed (beforeUnload: 'dismiss'), so it stayed at ${at}${target ? ` instead of going to ${target}` : ''}.`);
    this.name = 'StayedOnPageError';
  }
}
