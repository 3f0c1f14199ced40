import { Button, Col, Empty, Flex, Form, Input, InputNumber, Row, Select, Typography, theme } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { maintenanceTypes, WORK_ORDER_LIMITS, workOrderItemInput } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { ContractField } from '@/shared/form/contract-field';

/** A new row of the list: its maintenance type chosen, its number fields empty. */
const NEW_ITEM = { maintenanceType: 'replace', quantity: 1, amount: '', moduleName: '', remark: '' };

/**
 * The order's detail items, added and removed row by row: module name, maintenance type,
 * quantity, amount and remark, each checked by the contract's item schema. The amount is text and
 * is sent as typed: money never goes through a float.
 */
export function WorkOrderItemsField() {
  const { t } = useTranslation('work-orders');
  const { token } = theme.useToken();
  return (
    <Form.List name="items">
      {(rows, { add, remove }) => (
        <section aria-labelledby="work-order-items-title" data-testid="work-order-items">
          <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
            <Typography.Text strong id="work-order-items-title">
              {t('fields.items')}
            </Typography.Text>
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ ...NEW_ITEM })}
              disabled={rows.length >= WORK_ORDER_LIMITS.itemsMax}
            >
              {t('item.add')}
            </Button>
          </Flex>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {t('item.hint')}
          </Typography.Paragraph>
          {rows.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('item.empty')} /> : null}
          {rows.map((row, index) => (
            <fieldset
              key={row.key}
              className="work-order-item"
              data-testid={`work-order-item-${index + 1}`}
              style={{
                position: 'relative',
                border: `1px solid ${token.colorBorderSecondary}`,
                borderRadius: token.borderRadiusLG,
                padding: '8px 12px 0',
                marginBottom: 12,
              }}
            >
              <legend style={{ fontSize: 13, fontWeight: 600, width: 'auto', margin: 0, padding: 0, border: 0 }}>
                {t('item.row', { index: index + 1 })}
              </legend>
              <Button
                type="text"
                danger
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('item.remove', { index: index + 1 })}
                onClick={() => remove(row.name)}
                style={{ position: 'absolute', top: 6, right: 8 }}
              />
              <Row gutter={12}>
                <Col span={8}>
                  <ContractField
                    schema={workOrderItemInput}
                    namePath={[row.name]}
                    name="moduleName"
                    label={t('item.moduleName')}
                    length="count"
                  >
                    <Input />
                  </ContractField>
                </Col>
                <Col span={6}>
                  <ContractField
                    schema={workOrderItemInput}
                    namePath={[row.name]}
                    name="maintenanceType"
                    label={t('item.maintenanceType')}
                  >
                    <Select
                      placeholder={t('placeholders.maintenanceType')}
                      options={maintenanceTypes.map((type) => ({ value: type, label: t(`maintenanceTypes.${type}`) }))}
                    />
                  </ContractField>
                </Col>
                <Col span={4}>
                  <ContractField
                    schema={workOrderItemInput}
                    namePath={[row.name]}
                    name="quantity"
                    label={t('item.quantity')}
                    kind="number"
                  >
                    {/* No bounds of its own: a quantity out of range gets the contract's message. */}
                    <InputNumber style={{ width: '100%' }} />
                  </ContractField>
                </Col>
                <Col span={6}>
                  <ContractField
                    schema={workOrderItemInput}
                    namePath={[row.name]}
                    name="amount"
                    label={t('item.amount')}
                  >
                    <Input inputMode="decimal" placeholder={t('placeholders.amount')} />
                  </ContractField>
                </Col>
                <Col span={24}>
                  <ContractField
                    schema={workOrderItemInput}
                    namePath={[row.name]}
                    name="remark"
                    label={t('item.remark')}
                    length="count"
                  >
                    <Input />
                  </ContractField>
                </Col>
              </Row>
            </fieldset>
          ))}
        </section>
      )}
    </Form.List>
  );
}
