import Spin from 'antd/es/spin';

export function PageLoading() {
  return (
    <div className="page-loading">
      <Spin size="large" />
    </div>
  );
}
