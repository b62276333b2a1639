// Devtools helpers for agents: traces, videos, user-action recording, highlights, the debugger.
export { DevtoolsError, type DevtoolsErrorKind } from './errors.js';
export { startTracing, stopTracing, isTracing } from './tracing.js';
export { startVideo, stopVideo, isRecordingVideo, type VideoOptions } from './video.js';
export { startRecording, stopRecording, type RecorderLanguage } from './recording.js';
export { highlightElement, hideHighlight } from './highlight.js';
export { resumeScript, parseLocation, pausedAt, type ResumeOptions, type ResumeOutcome, type PausedAt } from './debugger.js';
