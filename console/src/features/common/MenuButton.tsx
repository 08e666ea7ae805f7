import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { Button, Menu } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';

type MenuButtonProps = ButtonProps &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps> & {
    /** The menu's entries (Menu.Item, Menu.Label). */
    items: ReactNode;
    children: ReactNode;
  };

/** A small button that opens its menu below its end (the header's tenant switch, the timeline's Export). */
export function MenuButton({ items, children, ...button }: MenuButtonProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" {...button}>
          {children}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>{items}</Menu.Dropdown>
    </Menu>
  );
}
