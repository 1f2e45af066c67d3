import { BrandMark } from './BrandMark';
import { LanguageSwitch } from './LanguageSwitch';
import { PageFrame } from './PageFrame';

/** Frame of the login and registration pages. */
export function PublicLayout() {
  return (
    <PageFrame
      className="public-shell"
      contentClassName="public-content"
      top={
        <div className="public-top">
          <span className="app-brand">
            <BrandMark />
          </span>
          <LanguageSwitch />
        </div>
      }
    />
  );
}
