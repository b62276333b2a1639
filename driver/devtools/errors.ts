// What the devtools helpers refuse, as data: the tool layer words each kind with the next step.

export type DevtoolsErrorKind =
  | 'tracing-not-started' | 'tracing-already-started'
  | 'video-already-started' | 'video-needs-ffmpeg'
  | 'recording-already-started' | 'recording-unsupported'
  | 'not-paused' | 'bad-location';

export class DevtoolsError extends Error {
  constructor(readonly kind: DevtoolsErrorKind, message: string) {
    super(message);
    this.name = 'DevtoolsError';
  }
}
