import ArrowRightOutlined from '@ant-design/icons/ArrowRightOutlined';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** A tournament id typed by the player: opens its play page. */
export function PlayIdForm({ autoFocus = false }: { autoFocus?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);

  const open = () => {
    const id = value.trim();
    if (!/^\d{1,15}$/.test(id) || Number(id) <= 0) {
      setInvalid(true);
      return;
    }
    navigate(`/play/${Number(id)}`);
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        open();
      }}
    >
      <Space.Compact block>
        <Input
          data-testid="play-id-input"
          size="large"
          inputMode="numeric"
          autoComplete="off"
          autoFocus={autoFocus}
          placeholder={t('play.idPlaceholder')}
          aria-label={t('play.idPlaceholder')}
          status={invalid ? 'error' : undefined}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setInvalid(false);
          }}
        />
        <Button
          data-testid="play-id-open"
          size="large"
          type="primary"
          htmlType="submit"
          icon={<ArrowRightOutlined />}
          iconPlacement="end"
        >
          {t('play.open')}
        </Button>
      </Space.Compact>
      {invalid && (
        <Typography.Text
          type="danger"
          data-testid="play-id-invalid"
          style={{ display: 'block', marginTop: 6 }}
        >
          {t('play.idInvalid')}
        </Typography.Text>
      )}
    </form>
  );
}
