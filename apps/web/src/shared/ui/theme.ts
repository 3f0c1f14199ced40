import type { ThemeConfig } from 'antd';

/**
 * The console's colours, in one place (WCAG 2.2 AA; ratios measured in docs/decisions.md, "Colours
 * that read"). Ant Design's own palette, one or two shades darker where its default does not reach
 * 4.5:1 on the background it is drawn on (3:1 for the focus outline).
 */
export const CONSOLE_THEME: ThemeConfig = {
  token: {
    // blue-7: primary buttons, links, the selected menu item (6.2:1 on white; antd's blue-6 is 4.1:1).
    colorPrimary: '#0958d9',
    // Hovered, a shade darker still (blue-8, 9.0:1), where antd lightens to a blue that no longer reads.
    colorPrimaryHover: '#003eb3',
    colorLinkHover: '#003eb3',
    colorInfo: '#0958d9',
    // The focus outline antd draws (colorPrimaryBorder): blue-6, 4.1:1 on white.
    colorPrimaryBorder: '#1677ff',
    controlOutline: 'rgba(9, 88, 217, 0.35)',
    // red-7 for Delete and errors (5.6:1; antd's #ff4d4f is 3.3:1).
    colorError: '#cf1322',
    colorErrorHover: '#a8071a',
    // Secondary texts (breadcrumb, descriptions, empty states, placeholders): 60% black, 5.7:1 on white.
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    borderRadius: 6,
  },
  components: {
    // One status-tag style: the text of every light tag one shade darker than antd's, ≥ 5:1 on its tint.
    Tag: {
      colorSuccess: '#237804',
      colorInfo: '#0958d9',
      colorWarning: '#ad4e00',
      colorError: '#a8071a',
      green7: '#237804',
      cyan7: '#006d75',
      orange7: '#ad4e00',
      gold7: '#874d00',
      volcano7: '#ad2102',
      lime7: '#3f6600',
      yellow7: '#876800',
    },
  },
};

/**
 * The theme for the reader's settings: with `prefers-reduced-motion`, antd's transitions (dialogs
 * opening, menus sliding, tags fading) are off.
 */
export function consoleTheme({ reducedMotion }: { reducedMotion: boolean }): ThemeConfig {
  return reducedMotion ? { ...CONSOLE_THEME, token: { ...CONSOLE_THEME.token, motion: false } } : CONSOLE_THEME;
}
