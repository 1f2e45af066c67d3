import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';

/**
 * A player list's search box and refresh button. The search applies on Enter (trimmed); clearing the box shows
 * the whole list again. `testId` prefixes the two controls (`<testId>-search`, `<testId>-refresh`).
 */
export function SearchBar({
  testId,
  onSearch,
  refreshing,
  onRefresh,
  width = 240,
}: {
  testId: string;
  onSearch: (text: string) => void;
  refreshing: boolean;
  onRefresh: () => void;
  width?: number;
}) {
  const { t } = useTranslation();
  return (
    <Space>
      <Input.Search
        data-testid={`${testId}-search`}
        allowClear
        placeholder={t('players.searchPlaceholder')}
        onSearch={(value) => onSearch(value.trim())}
        onChange={(e) => {
          if (e.target.value === '') onSearch('');
        }}
        style={{ width }}
      />
      <Button
        icon={<ReloadOutlined />}
        data-testid={`${testId}-refresh`}
        loading={refreshing}
        onClick={onRefresh}
      >
        {t('common.refresh')}
      </Button>
    </Space>
  );
}
