import { useEffect, useRef } from 'react';
import { Button, Empty, Flex, Input, Select, Typography } from 'antd';
// Resets the form field's error look for the controls inside: only a blank guide is marked.
import { NoFormStyle } from 'antd/es/form/context';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { nodeModes, nodeTypes, TEXT_MAX, type PathNode } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { changeNode, removeNode, shiftNode } from '../path-rules';

type Props = {
  nodes: readonly PathNode[];
  onChange: (nodes: PathNode[]) => void;
  /** The node picked on the map: brought into view here. */
  selected: number | null;
  onSelect: (index: number) => void;
  /** The path's field shows an error: blank guide data is marked. */
  markBlank?: boolean;
};

/**
 * The path's nodes beside the map, in order: each with its mode, type and guide data, and buttons
 * to move it up or down or remove it — everything the map does with a mouse, by keyboard.
 */
export function NodeList({ nodes, onChange, selected, onSelect, markBlank = false }: Props) {
  const { t } = useTranslation('jobs');
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (selected === null) return;
    list.current?.children[selected]?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);

  if (nodes.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('nodesEmpty')} />;
  }
  const modeOptions = nodeModes.map((m) => ({ value: m, label: `${m} · ${t(`modes.${m}`)}` }));
  const typeOptions = nodeTypes.map((m) => ({ value: m, label: `${m} · ${t(`nodeTypes.${m}`)}` }));
  return (
    <NoFormStyle status>
      <ol
        className="node-list"
        ref={list}
        aria-label={t('nodesLabel')}
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {nodes.map((node, index) => {
          const number = index + 1;
          return (
            <li
              key={index}
              className={index === selected ? 'node-list__item node-list__item--selected' : 'node-list__item'}
              onFocus={() => onSelect(index)}
            >
              <Flex justify="space-between" align="center" gap={4}>
                <Typography.Text strong>{t('node', { index: number })}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12, fontVariantNumeric: 'tabular-nums' }}>
                  {node.lng.toFixed(7)}, {node.lat.toFixed(7)}
                </Typography.Text>
                <span>
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={t('moveUp', { index: number })}
                    disabled={index === 0}
                    onClick={() => onChange(shiftNode(nodes, index, -1))}
                  />
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={t('moveDown', { index: number })}
                    disabled={index === nodes.length - 1}
                    onClick={() => onChange(shiftNode(nodes, index, 1))}
                  />
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('remove', { index: number })}
                    onClick={() => onChange(removeNode(nodes, index))}
                  />
                </span>
              </Flex>
              <Flex gap={6} style={{ marginTop: 4 }}>
                <Select
                  size="small"
                  style={{ width: 104, flex: 'none' }}
                  aria-label={t('nodeMode', { index: number })}
                  options={modeOptions}
                  value={node.mode}
                  onChange={(mode: PathNode['mode']) => onChange(changeNode(nodes, index, { mode }))}
                />
                <Select
                  size="small"
                  style={{ width: 104, flex: 'none' }}
                  aria-label={t('nodeType', { index: number })}
                  options={typeOptions}
                  value={node.type}
                  onChange={(type: PathNode['type']) => onChange(changeNode(nodes, index, { type }))}
                />
                <Input
                  size="small"
                  aria-label={t('nodeGuide', { index: number })}
                  placeholder={t('guidePlaceholder')}
                  value={node.guide}
                  maxLength={TEXT_MAX.jobGuide}
                  status={markBlank && node.guide.trim() === '' ? 'error' : undefined}
                  onChange={(e) => onChange(changeNode(nodes, index, { guide: e.target.value }))}
                />
              </Flex>
            </li>
          );
        })}
      </ol>
    </NoFormStyle>
  );
}
