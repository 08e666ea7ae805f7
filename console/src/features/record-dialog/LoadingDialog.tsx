import { Center, Loader, Modal } from '@mantine/core';

/** What a record dialog shows while its record (or what a new one needs) loads. */
export function LoadingDialog({
  title,
  loading,
  onClose,
}: {
  title: string;
  loading: string;
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title={title}>
      <Center h={120}>
        <Loader aria-label={loading} />
      </Center>
    </Modal>
  );
}
