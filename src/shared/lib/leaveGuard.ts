/** Asks the user whether to drop a form's changes; resolves true to leave. */
export type LeaveQuestion = () => Promise<boolean>;

const questions = new Set<LeaveQuestion>();

/** A form with changes registers its question while it has them; returns the unregister. */
export function registerLeaveQuestion(question: LeaveQuestion): () => void {
  questions.add(question);
  return () => questions.delete(question);
}

/**
 * Before a way out that is not a route change (the language switch's reload, sign-out, a form's
 * own Cancel): resolves true at once when no form has changes, else asks each form with changes,
 * and true only if the user agreed to drop them.
 */
export async function confirmLeave(): Promise<boolean> {
  for (const question of [...questions]) {
    if (!(await question())) return false;
  }
  return true;
}

type PopStateGuard = (event: PopStateEvent) => void;

let popStateGuard: PopStateGuard | null = null;
let popStateInstalled = false;

/**
 * Hears Back and Forward before the router does, for the form guard of the moment (`setPopStateGuard`).
 * Call it before the router mounts: a browser calls a window's listeners of one event in the order
 * they were added, so only a listener added first can keep the router from following.
 */
export function installPopStateGuard(): void {
  if (popStateInstalled || typeof window === 'undefined') return;
  popStateInstalled = true;
  window.addEventListener('popstate', (event) => popStateGuard?.(event), true);
}

/** Makes `guard` the one that hears Back and Forward first; returns its removal. */
export function setPopStateGuard(guard: PopStateGuard): () => void {
  installPopStateGuard();
  popStateGuard = guard;
  return () => {
    if (popStateGuard === guard) popStateGuard = null;
  };
}
