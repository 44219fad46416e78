/**
 * The carousels of Carousel.astro (spec §9): the home banners autoplay every 3.5 s and loop with
 * no end; the winter carousels move only when asked and rewind, so both wrap one step at a time.
 *
 * Not Swiper: its core alone is 21 KB of compressed JavaScript and the home page may ship 20 KB
 * in all. The page's HTML is already the first slide's state (the other slides inert,
 * the first dot current), so nothing moves when this runs. The track slides by a CSS transform
 * (its 500 ms transition is in global.css); a loop places each slide beside the one shown, also
 * by a transform, so no slide is cloned or moved in the DOM.
 */
const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
const modulo = (value: number, count: number) => ((value % count) + count) % count;
/** The share of a slide's width a swipe must cover to change slide. */
const SWIPE_THRESHOLD = 0.15;

export function startCarousel(root: HTMLElement) {
  const viewport = root.querySelector<HTMLElement>('.carousel__viewport')!;
  const track = root.querySelector<HTMLElement>('.carousel__track')!;
  const slides = [...root.querySelectorAll<HTMLElement>('.carousel__slide')];
  const dots = [...root.querySelectorAll<HTMLButtonElement>('.carousel__dot')];
  const pause = root.querySelector<HTMLButtonElement>('.carousel__pause');
  const count = slides.length;
  const delay = Number(root.dataset.autoplay);
  const loop = delay > 0;
  /** The slide shown, 0 to count - 1. */
  let index = 0;
  /** Where the track is headed, in slide widths; past either end while it loops. */
  let position = 0;
  /** A swipe or mouse drag under way. */
  let drag: { id: number; x: number; y: number; from: number; moving: boolean } | undefined;

  /** Where the track is now, mid-transition included. */
  const visiblePosition = () =>
    -new DOMMatrixReadOnly(getComputedStyle(track).transform).m41 / (track.clientWidth || 1);

  /** Each slide goes to the copy of its place nearest `center`: a loop shows no gap. */
  const placeAround = (center: number) => {
    for (const [place, slide] of slides.entries()) {
      const laps = loop ? Math.round((center - place) / count) : 0;
      slide.style.transform = laps ? `translateX(${laps * count * 100}%)` : '';
    }
  };

  const moveTrack = (to: number, animate: boolean) => {
    track.classList.toggle('carousel__track--instant', !animate);
    track.style.transform = `translateX(${-to * 100}%)`;
  };

  /** Once the track has stopped, back to the plain places: nothing moves on screen. */
  const settle = () => {
    if (position === index) return;
    position = index;
    placeAround(index);
    moveTrack(index, false);
    // Applied now, so that a move asked for in the same frame starts from here, not from the lap.
    void track.offsetWidth;
  };
  track.addEventListener('transitionend', (event) => {
    if (event.target === track) settle();
  });

  // The other slides' images are fetched once the page has loaded, not beside the first one
  // (CarouselPicture), or as soon as the visitor moves the carousel.
  const fetchImages = () => {
    for (const element of root.querySelectorAll<HTMLImageElement | HTMLSourceElement>('[data-srcset]')) {
      element.srcset = element.dataset.srcset!;
      if (element.dataset.src) element.src = element.dataset.src;
      delete element.dataset.srcset;
      delete element.dataset.src;
    }
  };
  // In a task of their own once the browser is idle: this script runs after the first paint
  // (scripts-after-paint.ts), where a long task counts as blocking time.
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(fetchImages, { timeout: 1_000 }) : setTimeout(fetchImages);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });

  const show = (to: number, from = visiblePosition()) => {
    fetchImages();
    const previous = index;
    const hadFocus = slides[previous]!.contains(document.activeElement);
    position = to;
    index = modulo(to, count);
    placeAround((from + to) / 2);
    moveTrack(to, true);
    for (const [place, slide] of slides.entries()) slide.inert = place !== index;
    for (const [place, dot] of dots.entries()) {
      if (place === index) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    }
    // An inert slide cannot keep the focus: it follows to the slide shown.
    if (hadFocus && previous !== index) slides[index]!.querySelector('a')?.focus();
    if (reducedMotion() || Math.abs(from - to) < 0.001) settle();
    schedule();
  };
  const step = (by: 1 | -1) => show(loop ? position + by : modulo(index + by, count));

  root.querySelector('.carousel__prev')!.addEventListener('click', () => step(-1));
  root.querySelector('.carousel__next')!.addEventListener('click', () => step(1));
  for (const [place, dot] of dots.entries())
    dot.addEventListener('click', () => show(loop ? position + place - index : place));
  root.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    step(event.key === 'ArrowLeft' ? -1 : 1);
  });

  // Autoplay (spec §9) waits while the button says so, under the mouse, and while the keyboard
  // is in the carousel (WCAG 2.2.2: a slide must not leave while its link is being read);
  // visitors who ask for less motion find it paused.
  let timer: ReturnType<typeof setTimeout> | undefined;
  let paused = reducedMotion();
  let hovered = false;
  let keyboardInside = false;
  function schedule() {
    clearTimeout(timer);
    if (delay > 0 && !paused && !hovered && !keyboardInside && !drag?.moving) timer = setTimeout(() => step(1), delay);
  }
  if (pause) {
    const setPaused = (value: boolean) => {
      paused = value;
      pause.setAttribute('aria-pressed', String(paused));
      pause.textContent = paused ? 'Reanudar' : 'Pausar';
      // A slide is announced when it changes only while slides do not change on their own.
      track.setAttribute('aria-live', paused ? 'polite' : 'off');
      schedule();
    };
    pause.addEventListener('click', () => setPaused(!paused));
    if (paused) setPaused(true);
    root.addEventListener('pointerenter', (event) => {
      hovered = event.pointerType === 'mouse';
      schedule();
    });
    root.addEventListener('pointerleave', () => {
      hovered = false;
      schedule();
    });
    root.addEventListener('focusin', (event) => {
      keyboardInside = (event.target as HTMLElement).matches(':focus-visible');
      schedule();
    });
    root.addEventListener('focusout', (event) => {
      if (root.contains(event.relatedTarget as Node | null)) return;
      keyboardInside = false;
      schedule();
    });
  }

  // Swipes and mouse drags; a vertical move stays the page's scroll (touch-action: pan-y).
  viewport.addEventListener('pointerdown', (event) => {
    if (!event.isPrimary || event.button !== 0) return;
    drag = { id: event.pointerId, x: event.clientX, y: event.clientY, from: visiblePosition(), moving: false };
  });
  viewport.addEventListener('pointermove', (event) => {
    if (drag?.id !== event.pointerId) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moving) {
      if (Math.max(Math.abs(dx), Math.abs(dy)) < 8) return;
      if (Math.abs(dy) > Math.abs(dx)) {
        drag = undefined;
        return;
      }
      drag.moving = true;
      fetchImages();
      // Captured, the pointer's click lands on the viewport: a drag that ends on a banner's
      // button does not follow its link.
      viewport.setPointerCapture(event.pointerId);
      viewport.classList.add('carousel__viewport--dragging');
      getSelection()?.removeAllRanges();
      schedule();
    }
    let to = drag.from - dx / viewport.clientWidth;
    // Past the first or the last slide of a carousel that does not loop, the track resists.
    if (!loop) to = to < 0 ? to / 3 : Math.min(to, count - 1 + (to - count + 1) / 3);
    placeAround(to);
    moveTrack(to, false);
  });
  const release = (event: PointerEvent) => {
    if (drag?.id !== event.pointerId) return;
    const { moving, x } = drag;
    drag = undefined;
    if (!moving) return;
    viewport.classList.remove('carousel__viewport--dragging');
    const at = visiblePosition();
    const dx = event.clientX - x;
    let to = Math.round(at);
    if (Math.abs(dx) > viewport.clientWidth * SWIPE_THRESHOLD) to = dx < 0 ? Math.floor(at) + 1 : Math.ceil(at) - 1;
    show(loop ? to : Math.min(Math.max(to, 0), count - 1), at);
  };
  viewport.addEventListener('pointerup', release);
  viewport.addEventListener('pointercancel', release);
  // Images are not dragged out of the page.
  viewport.addEventListener('dragstart', (event) => event.preventDefault());

  schedule();
}
