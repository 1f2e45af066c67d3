import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { useContactHref } from './contact';

function CrashResult() {
  const { t } = useTranslation();
  const contact = useContactHref();
  return (
    <div className="crash-page" data-testid="crash-page">
      <Result
        status="error"
        title={t('crash.title')}
        subTitle={t('crash.subtitle')}
        extra={[
          <Button key="reload" type="primary" onClick={() => window.location.assign('/')}>
            {t('common.reload')}
          </Button>,
          contact && (
            <Button key="contact" href={contact} data-testid="crash-contact">
              {t('shell.contact')}
            </Button>
          ),
        ]}
      />
    </div>
  );
}

/** Error element of the router: a page that threw while rendering. */
export function RouteCrash() {
  const error = useRouteError();
  console.error(error);
  return <CrashResult />;
}

/** Last line of defence: anything that throws outside the routes ends on the crash page. */
export class CrashPage extends Component<{ children: ReactNode }, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError() {
    return { crashed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.crashed ? <CrashResult /> : this.props.children;
  }
}
