import { formatThousandths, type OverlaySize } from '@taikai/protocol';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect } from 'react';
import type { z } from 'zod';
import './overlay.css';

/** The stage's pixels and its base text size (a thirty-sixth of the height: 30 px at 1080, 20 px at 720). */
export function stageOf(size: z.infer<typeof OverlaySize>) {
  const [width, height] = size === '1280x720' ? [1280, 720] : [1920, 1080];
  return { width, height, fontSize: Math.round(height / 36) };
}

/** Makes the page transparent while an overlay is shown. */
export function useTransparentPage(): void {
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add('overlay-page');
    return () => root.classList.remove('overlay-page');
  }, []);
}

export function Stage({
  size,
  children,
  testId,
}: {
  size: z.infer<typeof OverlaySize>;
  children: ReactNode;
  testId: string;
}) {
  const { width, height, fontSize } = stageOf(size);
  return (
    <div className="overlay-stage" style={{ width, height, fontSize }} data-testid={testId} data-size={size}>
      {children}
    </div>
  );
}

/** A message on an empty stage (loading, or a link that opens nothing). */
export function StageMessage({ text, testId }: { text: string; testId: string }) {
  return (
    <Stage size="1920x1080" testId={testId}>
      <div className="overlay-top overlay-panel">{text}</div>
    </Stage>
  );
}

/** Round as the table says it: "East 1", "南2局". */
export function roundText(t: TFunction, chang: number, ju: number): string {
  return t('broadcast.overlay.round', { wind: t(`broadcast.overlay.wind.${chang % 4}`), hand: ju + 1 });
}

export const points = (thousandths: number) => formatThousandths(thousandths);
