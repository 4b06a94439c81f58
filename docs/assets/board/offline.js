// Tafl-Kompendium board: the offline copy.
//
// The whole site, the board's engine files included, is copied for offline use by the site's
// service worker (docs/sw.js), which every page registers (docs/assets/offline-copy.js) once its
// board has started; the board itself has nothing left to hand it.

/** Kept for the board's start-up (board.js calls it once the board is ready): the offline copy
 *  is the site's, registered by docs/assets/offline-copy.js, so there is nothing to do here.
 *  Never throws. */
export async function keepForOffline() {}
