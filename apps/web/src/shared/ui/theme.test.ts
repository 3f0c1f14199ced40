import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { CONSOLE_THEME, consoleTheme } from './theme';

/** sRGB of `#rrggbb` or `rgba(r, g, b, a)` laid over `background`. */
function rgb(colour: string, background: [number, number, number] = [255, 255, 255]): [number, number, number] {
  if (colour.startsWith('#'))
    return [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)) as [number, number, number];
  const [r, g, b, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  return [r!, g!, b!].map((c, i) => c * a + background[i]! * (1 - a)) as [number, number, number];
}

/** WCAG 2.x relative luminance and contrast ratio. */
function luminance([r, g, b]: [number, number, number]): number {
  const lin = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
function contrast(text: string, background: string): number {
  const bg = rgb(background);
  const [hi, lo] = [luminance(rgb(text, bg)), luminance(bg)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const token = theme.getDesignToken(CONSOLE_THEME);
const tag = CONSOLE_THEME.components!.Tag as Record<string, string>;
/** The backgrounds text sits on: cards and tables, hovered or striped rows, the shell. */
const LIGHT = ['#ffffff', '#fafafa', '#f5f5f5', '#f0f2f5'];

describe('the console theme reads at WCAG AA', () => {
  it.each([
    'colorPrimary',
    'colorError',
    'colorText',
    'colorTextSecondary',
    'colorTextTertiary',
    'colorTextDescription',
    'colorTextPlaceholder',
  ] as const)('%s reaches 4.5:1 on every light background', (name) => {
    for (const bg of LIGHT) expect(contrast(token[name], bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('white text on primary and danger buttons reaches 4.5:1, hovered too', () => {
    for (const name of ['colorPrimary', 'colorPrimaryHover', 'colorError', 'colorErrorHover'] as const) {
      expect(contrast('#ffffff', token[name]), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('links and link buttons reach 4.5:1, hovered too', () => {
    for (const name of ['colorLink', 'colorLinkHover', 'colorPrimaryHover', 'colorErrorHover'] as const) {
      for (const bg of LIGHT) expect(contrast(token[name], bg), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('the focus outline reaches 3:1', () => {
    for (const bg of LIGHT) expect(contrast(token.colorPrimaryBorder, bg)).toBeGreaterThanOrEqual(3);
  });

  it('every light tag, status or preset colour, reads at 4.5:1 on its tint', () => {
    const pairs: [string, string][] = [
      [tag.colorSuccess!, token.colorSuccessBg],
      [tag.colorInfo!, token.colorInfoBg],
      [tag.colorWarning!, token.colorWarningBg],
      [tag.colorError!, token.colorErrorBg],
      ...(
        [
          'blue',
          'green',
          'cyan',
          'orange',
          'gold',
          'volcano',
          'red',
          'purple',
          'magenta',
          'geekblue',
          'lime',
          'yellow',
        ] as const
      ).map((hue): [string, string] => [tag[`${hue}7`] ?? token[`${hue}7`], token[`${hue}1`]]),
    ];
    for (const [text, bg] of pairs) expect(contrast(text, bg), `${text} on ${bg}`).toBeGreaterThanOrEqual(4.5);
  });
});

describe('the theme follows the reader’s settings', () => {
  it('turns antd’s motion off when less motion is asked for, and changes nothing else', () => {
    expect(consoleTheme({ reducedMotion: false })).toBe(CONSOLE_THEME);
    const still = consoleTheme({ reducedMotion: true });
    expect(still.token?.motion).toBe(false);
    expect(still.token?.colorPrimary).toBe(CONSOLE_THEME.token?.colorPrimary);
    expect(still.components).toBe(CONSOLE_THEME.components);
  });
});
