import NProgress from 'nprogress';

// Its default template marks the bar role="bar", which is no ARIA role: a plain, unnamed bar instead.
NProgress.configure({
  showSpinner: false,
  trickleSpeed: 120,
  template: '<div class="bar"><div class="peg"></div></div>',
  barSelector: '.bar',
});

let active = 0;

/** The loading bar runs while anything is loading (navigation, a route chunk); nested uses count. */
export function beginProgress(): () => void {
  active += 1;
  if (active === 1) NProgress.start();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    active -= 1;
    if (active === 0) NProgress.done();
  };
}
