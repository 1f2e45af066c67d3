import type { TFunction } from 'i18next';
import type { CsvWords } from './recordView';
import { markedHand, yimanOf } from './recordView';

/** The CSV files' words in the reader's language. */
export function csvWords(t: TFunction): CsvWords {
  return {
    wind: (wind) => t(`matchManage.winds.${wind}`),
    robot: (n) => t('matchManage.robotN', { n }),
    placeHeader: (place, field) => t(`record.csv.${field}`, { place }),
    startTime: t('record.csv.startTime'),
    endTime: t('record.csv.endTime'),
    tag: t('record.tag'),
    uuid: t('record.uuid'),
    player: t('record.player'),
    id: t('record.publicId'),
    yaku: t('record.yaku'),
    yiman: t('record.yiman'),
    round: t('record.round'),
    yimanText: (yiman) => yimanText(t, yiman),
    roundText: (info) => {
      const { wind, hand, ben } = markedHand(info);
      return t('record.roundText', { wind: t(`matchManage.winds.${wind}`), hand, count: ben });
    },
  };
}

/** A yakuman's size as the page writes it: counted yakuman, yakuman, or ×N yakuman. */
export function yimanText(t: TFunction, yiman: number): string {
  const size = yimanOf(yiman);
  if (size.counted) return t('record.yimanCounted');
  return size.multiple <= 1
    ? t('record.yimanSingle')
    : t('record.yimanMultiple', { multiple: size.multiple });
}
