// The behaviour of HomeDialogs.astro, run by the home page's script (src/pages/index.astro).

const VIDEO_CLOSED = 'home:video-dialog-closed';

const remembered = (): boolean => {
  try {
    return localStorage.getItem(VIDEO_CLOSED) === '1';
  } catch {
    return false;
  }
};

/** The close buttons, and the hours dialog after the video's. */
export function wireHomeDialogs() {
  const hoursDialog = document.querySelector<HTMLDialogElement>('#dialogo-horario')!;
  const videoDialog = document.querySelector<HTMLDialogElement>('#dialogo-video')!;
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-island="home-dialogs"] [data-close]')) {
    button.addEventListener('click', () => button.closest('dialog')?.close());
  }
  videoDialog.addEventListener('close', () => {
    videoDialog.querySelector('video')?.pause();
    try {
      localStorage.setItem(VIDEO_CLOSED, '1');
    } catch {
      // Storage disabled: the dialog shows again next time, nothing else breaks.
    }
    hoursDialog.showModal();
  });
}

/**
 * Spec §2: the dialogs open on load; the page calls this once the first banner has painted
 * (first-banner-painted.ts). The video's, until the visitor has closed it once; then the hours'.
 *
 * The video's poster waits for the dialog: fetched beside the first banner, it slowed it. Its
 * controls come a task after the dialog: the browser builds them (a dozen small SVG documents) on
 * their first render, and with the page's restyle for the modal that was one task of 170 ms on a
 * phone's CPU, most of the home page's blocking time.
 */
export function openHomeDialogs() {
  const hoursDialog = document.querySelector<HTMLDialogElement>('#dialogo-horario')!;
  const videoDialog = document.querySelector<HTMLDialogElement>('#dialogo-video')!;
  const dialog = remembered() ? hoursDialog : videoDialog;
  dialog.showModal();
  if (dialog !== videoDialog) return;
  const video = videoDialog.querySelector('video')!;
  video.poster = video.dataset.poster!;
  setTimeout(() => (video.controls = true));
}
