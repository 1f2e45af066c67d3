import CheckOutlined from '@ant-design/icons/CheckOutlined';
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import { CONSOLE_LANGS } from '@taikai/protocol';
import Button from 'antd/es/button';
import Popover from 'antd/es/popover';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { switchLanguage } from '../language';

/** Console language, remembered in this browser. Language names are shown in their own language. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const current = currentLanguage();
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      content={
        <div className="language-menu" role="menu">
          {CONSOLE_LANGS.map((lang) => (
            <Button
              key={lang}
              type="text"
              block
              role="menuitemradio"
              aria-checked={lang === current}
              data-testid={`language-option-${lang}`}
              icon={lang === current ? <CheckOutlined /> : <span className="language-menu-spacer" />}
              onClick={() => {
                setOpen(false);
                void switchLanguage(lang);
              }}
            >
              {t(`language.${lang}`)}
            </Button>
          ))}
        </div>
      }
    >
      <Button data-testid="language-switch" icon={<GlobalOutlined />} aria-label={t('shell.language')}>
        {t(`language.${current}`)}
      </Button>
    </Popover>
  );
}
