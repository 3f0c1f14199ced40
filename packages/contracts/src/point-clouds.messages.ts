import type { AreaMessages } from './area-messages.js';

const zhCN = {
  notFound: '点云不存在',
  tooLarge: '点云文件超过 {{max}} MB',
  tooManyPoints: '点云最多 {{max}} 个点',
  unknownFormat: '不是 PCD 或 PLY 文件',
  badHeader: '点云文件头无效',
  missingXyz: '点云文件必须包含浮点型的 x、y、z 字段',
  unsupportedEncoding:
    '不支持的数据编码（PCD 支持 ascii、binary、binary_compressed，PLY 支持 ascii、binary_little_endian）',
  unsupportedElement: 'PLY 文件只能包含顶点（含有 {{element}}）',
  pointCountMismatch: '数据长度与文件头声明的 {{points}} 个点不符',
  badRow: '第 {{row}} 行数据无效',
  badData: '压缩数据无效',
  badUploadId: '上传编号无效',
};

export const pointCloudsMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {
    notFound: '點雲不存在',
    tooLarge: '點雲檔案超過 {{max}} MB',
    tooManyPoints: '點雲最多 {{max}} 個點',
    unknownFormat: '不是 PCD 或 PLY 檔案',
    badHeader: '點雲檔案標頭無效',
    missingXyz: '點雲檔案必須包含浮點型的 x、y、z 欄位',
    unsupportedEncoding:
      '不支援的資料編碼（PCD 支援 ascii、binary、binary_compressed，PLY 支援 ascii、binary_little_endian）',
    unsupportedElement: 'PLY 檔案只能包含頂點（含有 {{element}}）',
    pointCountMismatch: '資料長度與檔案標頭宣告的 {{points}} 個點不符',
    badRow: '第 {{row}} 行資料無效',
    badData: '壓縮資料無效',
    badUploadId: '上傳編號無效',
  },
  'en-US': {
    notFound: 'The point cloud does not exist',
    tooLarge: 'The point cloud file is larger than {{max}} MB',
    tooManyPoints: 'A point cloud holds at most {{max}} points',
    unknownFormat: 'The file is neither PCD nor PLY',
    badHeader: "The point cloud file's header is invalid",
    missingXyz: 'A point cloud file must have x, y and z as floating-point fields',
    unsupportedEncoding:
      'Unsupported data encoding (PCD: ascii, binary, binary_compressed; PLY: ascii, binary_little_endian)',
    unsupportedElement: 'A PLY file may hold vertices only (it has {{element}})',
    pointCountMismatch: 'The data does not hold the {{points}} points the header announces',
    badRow: 'Row {{row}} of the data is invalid',
    badData: 'The compressed data is invalid',
    badUploadId: 'The upload id is invalid',
  },
};
