import { i18n } from '../i18n';
import { feedback } from './feedback';

/** "No menu permission" (spec sections 2 and 4): confirming ends the session. */
export function showNoMenuModal(onConfirm: () => void): void {
  feedback().modal.warning({
    title: i18n.t('noMenu.title', { ns: 'layout' }),
    content: i18n.t('noMenu.content', { ns: 'layout' }),
    okText: i18n.t('actions.confirm', { ns: 'common' }),
    closable: false,
    keyboard: false,
    maskClosable: false,
    onOk: onConfirm,
  });
}
