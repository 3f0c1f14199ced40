import type { AreaMessages } from './area-messages.js';

const zhCN = {
  nameRequired: '请输入名称',
  nameLength: '名称长度为 1 到 50 个字符',
  ipRequired: '请输入 IP 地址',
  ipInvalid: '请输入有效的 IP 地址',
  portRequired: '请输入端口',
  portRange: '端口须为 1024 到 65535 之间的整数',
  portsDistinct: '遥控、遥测和视频端口不能相同',
  robotTaken: '所选机器人已属于另一个组播配置',
};

/** Error and validation texts of multicast configs, as keys `multicast.<name>`. */
export const multicastMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {
    nameRequired: '請輸入名稱',
    nameLength: '名稱長度為 1 到 50 個字元',
    ipRequired: '請輸入 IP 位址',
    ipInvalid: '請輸入有效的 IP 位址',
    portRequired: '請輸入連接埠',
    portRange: '連接埠須為 1024 到 65535 之間的整數',
    portsDistinct: '遙控、遙測和影像連接埠不能相同',
    robotTaken: '所選機器人已屬於另一個群播設定',
  },
  'en-US': {
    nameRequired: 'Please enter the name',
    nameLength: 'The name is 1 to 50 characters',
    ipRequired: 'Please enter the IP address',
    ipInvalid: 'Please enter a valid IP address',
    portRequired: 'Please enter the port',
    portRange: 'Ports are whole numbers from 1024 to 65535',
    portsDistinct: 'The telecontrol, telemetry and video ports must differ',
    robotTaken: 'A chosen robot already belongs to another multicast config',
  },
};
