/**
 * Step-up from the browser (docs/decisions/039): a sensitive call the server refuses with
 * `step_up_required` opens the code dialog (StepUpDialog), and once a code is accepted the call is
 * made again. One question at a time; closing the dialog cancels the action.
 */
import { i18n } from '../i18n/index.ts';
import { ApiError } from './api.ts';

type Waiter = { resolve: () => void; reject: (error: Error) => void };
let waiting: Waiter | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** For the dialog: whether a code is being asked for. */
export const stepUpStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  asking: () => waiting !== null,
  /** The code was accepted by the server. */
  confirmed() {
    waiting?.resolve();
    waiting = null;
    notify();
  },
  cancelled() {
    waiting?.reject(new Error(i18n.t('dashboard:stepUp.cancelled')));
    waiting = null;
    notify();
  },
};

function askForCode(): Promise<void> {
  waiting?.reject(new Error(i18n.t('dashboard:stepUp.replaced')));
  return new Promise<void>((resolve, reject) => {
    waiting = { resolve, reject };
    notify();
  });
}

/** Runs `call`; when the server wants a recent code first, asks for one and runs it again. */
export async function withStepUp<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'step_up_required')) throw error;
    await askForCode();
    return call();
  }
}
