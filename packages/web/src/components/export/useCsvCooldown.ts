import { LIMITS } from '@taikai/protocol';
import App from 'antd/es/app';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { cooldownLeftS, lastDownloadAt, rememberDownload } from './exportPages';

export interface CsvCooldown {
  /** Whether a download may start now; when not, tells the organiser when the last one was. */
  allowed: () => boolean;
  /** Notes that a download has just finished. */
  remember: () => void;
}

/**
 * The 5-minute pause between two CSV downloads of one list (spec §9), remembered in this browser under `key`.
 * With no key the list has no pause: every download is allowed.
 */
export function useCsvCooldown(key: string | undefined): CsvCooldown {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return {
    allowed: () => {
      if (key === undefined) return true;
      const last = lastDownloadAt(key);
      const left = cooldownLeftS(last, Date.now(), LIMITS.CSV_DOWNLOAD_COOLDOWN_S);
      if (left === 0 || last === null) return true;
      void message.warning({
        content: t('record.csvCooldown', {
          time: dayjs(last).format('YYYY-MM-DD HH:mm:ss'),
          minutes: LIMITS.CSV_DOWNLOAD_COOLDOWN_S / 60,
          seconds: left,
        }),
        key: `csv-cooldown-${key}`,
      });
      return false;
    },
    remember: () => {
      if (key !== undefined) rememberDownload(key, Date.now());
    },
  };
}
