// Spec §7's web-analytics loader, inlined by AnalyticsLoader.astro: the service's script is added
// once the page has loaded and the browser is idle, so it never competes with the page's own.
((loader) => {
  const load = () => {
    const script = document.createElement('script');
    script.src = loader.dataset.src;
    for (const [name, value] of Object.entries(JSON.parse(loader.dataset.attributes))) {
      script.setAttribute(name, value);
    }
    document.head.append(script);
  };
  addEventListener(
    'load',
    () => (window.requestIdleCallback ? requestIdleCallback(load, { timeout: 2000 }) : setTimeout(load)),
    { once: true },
  );
})(document.currentScript);
