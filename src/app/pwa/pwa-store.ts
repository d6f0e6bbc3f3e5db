import { create } from 'zustand'

/** Chromium's install prompt event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

interface PwaState {
  /** A new service worker is installed and waiting for the user's go-ahead. */
  needRefresh: boolean
  /** Activates the waiting worker; the page reloads once it controls. */
  applyUpdate: () => void
  /** Kept from 'beforeinstallprompt' so the Install button can show the browser's dialog later. */
  installPrompt: BeforeInstallPromptEvent | null
}

export const usePwa = create<PwaState>(() => ({
  needRefresh: false,
  applyUpdate: () => {},
  installPrompt: null,
}))
