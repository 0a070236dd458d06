/*
 * The web app as the mobile app (issue 28 item 15): the service worker that keeps the app's shell for offline starts
 * (built by vite-plugin-pwa with Workbox; production builds only), the browser's install offer, and a waiting new
 * version. Both are kept here from page load, before any page that shows them exists, so none is missed.
 */
import { useSyncExternalStore } from 'react';
import { registerSW } from 'virtual:pwa-register';

/** Chromium's install offer (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallableState {
  /** The browser offered to install the app (Android Chrome, desktop Chromium); iOS never does. */
  installOffer: InstallPromptEvent | null;
  /** A new version of the app waits for a reload. */
  updateWaiting: boolean;
}

let state: InstallableState = { installOffer: null, updateWaiting: false };
const listeners = new Set<() => void>();
const setState = (next: Partial<InstallableState>) => {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
};
let applyUpdate: ((reloadPage?: boolean) => Promise<void>) | null = null;

/** Called once at start: registers the service worker and listens for the install offer. */
export function startInstallableApp(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // offered from the mobile dialog instead of the browser's own bar
    setState({ installOffer: event as InstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => setState({ installOffer: null }));
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // 'prompt': a new version waits until the user reloads (never a reload in the middle of typing).
  applyUpdate = registerSW({ onNeedRefresh: () => setState({ updateWaiting: true }) });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useInstallableApp = (): InstallableState => useSyncExternalStore(subscribe, () => state);

/** Shows the browser's install dialog; false when the user declined or there was no offer. */
export async function installApp(): Promise<boolean> {
  const offer = state.installOffer;
  if (!offer) return false;
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  setState({ installOffer: null });
  return outcome === 'accepted';
}

/** Activates the waiting version and reloads the page. */
export function reloadToUpdate(): void {
  void applyUpdate?.(true);
}
