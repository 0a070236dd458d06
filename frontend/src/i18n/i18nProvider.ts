import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en';

/** English only; `allowMissing` shows a key's default text (`_`) rather than warning while strings move here. */
export const i18nProvider = polyglotI18nProvider(() => en, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });
