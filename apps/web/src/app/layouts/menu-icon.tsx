import {
  AppstoreOutlined,
  ControlOutlined,
  DatabaseOutlined,
  FileSearchOutlined,
  FundProjectionScreenOutlined,
  GatewayOutlined,
  HomeOutlined,
  RadarChartOutlined,
  RobotOutlined,
  ScheduleOutlined,
  SettingOutlined,
  SoundOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * The icons the server's menu may name. A fixed set, not the whole icon library (which would
 * weigh megabytes); an unknown name shows a neutral icon.
 */
const ICONS: Record<string, ComponentType<{ 'aria-hidden'?: boolean }>> = {
  HomeOutlined,
  FundProjectionScreenOutlined,
  RadarChartOutlined,
  GatewayOutlined,
  ScheduleOutlined,
  DatabaseOutlined,
  RobotOutlined,
  ControlOutlined,
  SoundOutlined,
  SettingOutlined,
  FileSearchOutlined,
  AppstoreOutlined,
};

/** Decorative: the menu item's title names it, so the icon is hidden from assistive technology. */
export function MenuIcon({ name }: { name: string | null }) {
  const Icon = (name && ICONS[name]) || AppstoreOutlined;
  return <Icon aria-hidden />;
}
