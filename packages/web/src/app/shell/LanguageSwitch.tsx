import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import { CONSOLE_LANGS, type ConsoleLang } from '@taikai/protocol';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../../i18n';

/** Console language, remembered in this browser. Language names are shown in their own language. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Select<ConsoleLang>
      data-testid="language-switch"
      aria-label={t('shell.language')}
      value={currentLanguage()}
      key={i18n.language}
      onChange={(lang) => void setLanguage(lang)}
      prefix={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      style={{ minWidth: 132 }}
      options={CONSOLE_LANGS.map((lang) => ({
        value: lang,
        label: <span data-testid={`language-option-${lang}`}>{t(`language.${lang}`)}</span>,
      }))}
    />
  );
}
