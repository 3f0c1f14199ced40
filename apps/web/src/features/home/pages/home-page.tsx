import { Avatar, Card, Col, Descriptions, Empty, Row, Space, Tag, Typography } from 'antd';
import { RightOutlined, UserOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APP_VERSION, seededText } from '@patrol/contracts';
import { useHomeData } from '@/shared/api';
import { useLanguage } from '@/shared/i18n';
import { firstLeafPath, indexMenu } from '@/shared/menu';
import { PageTitle, SectionTitle } from '@/shared/ui';
import './home-page.css';

/** Home: who is signed in, in which tenant, and the areas their menu opens. */
export function HomePage() {
  const { t } = useTranslation('home');
  const lang = useLanguage();
  const { data } = useHomeData();
  if (!data) return null;
  const user = data.loginUser;
  const index = indexMenu(data.menu);
  const areas = data.menu.filter((node) => node.showFlag === 1 && node.name !== 'home');

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless" className="home-welcome">
        <div className="home-welcome__row">
          <Avatar size={64} icon={<UserOutlined />} className="home-welcome__avatar" />
          <div>
            <PageTitle look={3}>
              {t('welcome', { name: seededText('userName', user.account, user.username, lang) })}
            </PageTitle>
            <Typography.Text type="secondary">{t('today', { date: dayjs().format('LL dddd') })}</Typography.Text>
          </div>
        </div>
      </Card>
      <Row gutter={16}>
        <Col span={10}>
          <Card
            title={<SectionTitle look="inherit">{t('profile.title')}</SectionTitle>}
            variant="borderless"
            style={{ height: '100%' }}
          >
            <Descriptions column={1} size="middle">
              <Descriptions.Item label={t('profile.account')}>{user.account}</Descriptions.Item>
              <Descriptions.Item label={t('profile.tenant')}>
                <Space>
                  {seededText('tenantName', user.tenantCode, user.tenantName, lang)}
                  {user.platformAdmin && <Tag color="gold">{t('profile.platformAdmin')}</Tag>}
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={t('profile.roles')}>
                {user.roles.length === 0
                  ? t('profile.noRole')
                  : user.roles.map((role) => (
                      <Tag key={role.roleId} color="blue">
                        {seededText('roleName', role.roleCode, role.roleName, lang)}
                      </Tag>
                    ))}
              </Descriptions.Item>
              <Descriptions.Item label={t('profile.version')}>{APP_VERSION}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col span={14}>
          <Card
            title={<SectionTitle look="inherit">{t('areas.title')}</SectionTitle>}
            variant="borderless"
            style={{ height: '100%' }}
          >
            {areas.length === 0 ? (
              <Empty description={t('areas.empty')} />
            ) : (
              <div className="home-areas">
                {areas.map((area) => {
                  const entry = index.get(area.name);
                  if (!entry) return null;
                  return (
                    <Link key={area.name} to={firstLeafPath(entry)} className="home-areas__item">
                      <span>{area.title}</span>
                      <RightOutlined />
                    </Link>
                  );
                })}
              </div>
            )}
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
