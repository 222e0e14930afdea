/** How long after the last change the draft is saved. */
export const AUTOSAVE_DELAY_MS = 3000;

/** Why a save did not reach the server, as far as autosave acts on it. */
export type SaveFailure =
  /** No answer: offline, or the server restarting. Retried online and at the next change. */
  | 'offline'
  /** 401: the session ended. Waits for the person to sign in again (`resume`). */
  | 'session'
  /** 409: the report was sent meanwhile (elsewhere). Nothing more to save. */
  | 'sent'
  /** Anything else: retried at the next change. */
  | 'failed';

export type AutosaveState =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'saving' }
  | { status: 'saved'; at: number }
  | { status: SaveFailure; message?: string };

export type AutosaveOptions<T> = {
  /** Saves the snapshot as the draft; rejects with what `classify` reads. */
  save: (snapshot: T) => Promise<unknown>;
  classify: (error: unknown) => { failure: SaveFailure; message?: string };
  same: (a: T, b: T) => boolean;
  onState: (state: AutosaveState) => void;
  /** The snapshot reached the server (the local copy may go). */
  onSaved?: (snapshot: T) => void;
  delayMs?: number;
  now?: () => number;
};

/**
 * Saves a form's draft a moment after typing stops. One save at a time: changes made while one is
 * on its way are saved after it, the latest text winning; nothing is sent when nothing changed.
 * `hold()` stops it (an explicit save, a send, a decision the person must take first) until
 * `release()`. It never signs anyone out nor leaves the page: failures only change its state.
 */
export class Autosaver<T> {
  private saved: T;
  private latest: T;
  private savedAt: number | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<void> | null = null;
  private holds = 0;
  private stopped: SaveFailure | null = null;
  private state: AutosaveState = { status: 'idle' };
  private readonly options: Required<Omit<AutosaveOptions<T>, 'onSaved'>> &
    Pick<AutosaveOptions<T>, 'onSaved'>;

  constructor(saved: T, options: AutosaveOptions<T>) {
    this.saved = saved;
    this.latest = saved;
    this.options = { delayMs: AUTOSAVE_DELAY_MS, now: Date.now, ...options };
  }

  /** Whether the form holds anything the server does not have yet. */
  get dirty(): boolean {
    return !this.options.same(this.latest, this.saved);
  }

  get current(): AutosaveState {
    return this.state;
  }

  /** The form changed: save it once typing has stopped for a moment. */
  update(snapshot: T) {
    this.latest = snapshot;
    // A save that failed for want of a connection or for another reason is tried again now;
    // offline, the status keeps saying so until one gets through.
    const wasOffline = this.stopped === 'offline';
    if (wasOffline || this.stopped === 'failed') this.stopped = null;
    if (!this.dirty && !this.inFlight) {
      this.cancelTimer();
      if (!this.stopped) this.setState(this.restingState());
      return;
    }
    if (!this.stopped && !this.inFlight && !wasOffline) this.setState({ status: 'pending' });
    this.schedule();
  }

  /** Saves now what is waiting, after the save on its way if any. */
  flush(): Promise<void> {
    this.cancelTimer();
    return this.run();
  }

  /** The browser is back online: what waited for the connection is saved. */
  online() {
    if (this.stopped !== 'offline') return;
    this.stopped = null;
    void this.flush();
  }

  /** The person signed in again after a 401: the text that waited is saved. */
  resume() {
    if (this.stopped !== 'session') return;
    this.stopped = null;
    void this.flush();
  }

  /** No autosave until `release()`; resolves once no save is on its way. */
  async hold(): Promise<void> {
    this.holds += 1;
    this.cancelTimer();
    await this.inFlight;
  }

  release() {
    this.holds = Math.max(0, this.holds - 1);
    if (this.holds === 0 && this.dirty && !this.stopped) this.schedule();
  }

  /** The server has `snapshot` through another way (the explicit save). */
  markSaved(snapshot: T) {
    this.saved = snapshot;
    this.savedAt = this.options.now();
    this.stopped = null;
    this.setState(this.dirty ? { status: 'pending' } : this.restingState());
  }

  /** The form is going away: no save waits for the pause any more (one on its way still lands). */
  dispose() {
    this.cancelTimer();
  }

  private restingState(): AutosaveState {
    return this.savedAt === null ? { status: 'idle' } : { status: 'saved', at: this.savedAt };
  }

  private schedule() {
    this.cancelTimer();
    if (this.holds > 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, this.options.delayMs);
  }

  private cancelTimer() {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async run(): Promise<void> {
    if (this.inFlight) {
      // After the save on its way, save again if typing went on meanwhile.
      await this.inFlight;
      return this.run();
    }
    if (this.holds > 0 || this.stopped || !this.dirty) return;
    const snapshot = this.latest;
    this.setState({ status: 'saving' });
    this.inFlight = this.options.save(snapshot).then(
      () => {
        this.saved = snapshot;
        this.savedAt = this.options.now();
        this.setState(this.dirty ? { status: 'pending' } : this.restingState());
        this.options.onSaved?.(snapshot);
      },
      (error: unknown) => {
        const { failure, message } = this.options.classify(error);
        this.stopped = failure;
        this.setState({ status: failure, message });
      },
    );
    try {
      await this.inFlight;
    } finally {
      this.inFlight = null;
    }
    if (this.dirty && !this.stopped && this.timer === undefined) this.schedule();
  }

  private setState(state: AutosaveState) {
    this.state = state;
    this.options.onState(state);
  }
}
