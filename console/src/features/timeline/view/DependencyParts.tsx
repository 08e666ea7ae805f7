import type { KeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../common/numbers';
import { arrowPath } from '../dependencyArrows';
import type { DependencyArrow } from '../dependencyArrows';
import { sidebarWidth } from './timelineLayout';

// The pieces the dependency layer draws: the arrow heads, one arrow, the link handle, the selected
// arrow's toolbar.

type ArrowKind = 'normal' | 'violated' | 'critical';

const handleSize = 12;
const headBox = 10;

export function arrowColour(kind: ArrowKind): string {
  if (kind === 'violated') return 'var(--mantine-color-red-text)';
  if (kind === 'critical') return 'var(--mantine-primary-color-filled)';
  return 'var(--mantine-color-dimmed)';
}

/** "−3 WD": the slip in the catalogue's working days. */
export const slipText = (t: TFunction<'timeline'>, slip: number) =>
  t('dependencies.slip', { days: formatNumber(Math.abs(slip)) });

/** The arrow heads, one per kind, referred to as `url(#<id>-<kind>)`. */
export function ArrowMarkers({ id }: { id: string }) {
  return (
    <defs>
      {(['normal', 'violated', 'critical'] as const).map((kind) => (
        <marker
          key={kind}
          id={`${id}-${kind}`}
          viewBox="0 0 8 8"
          refX={7}
          refY={4}
          markerWidth={kind === 'critical' ? 5 : 7}
          markerHeight={kind === 'critical' ? 5 : 7}
          orient="auto"
        >
          <path d="M0,0 L8,4 L0,8 z" fill={arrowColour(kind)} />
        </marker>
      ))}
    </defs>
  );
}

interface ArrowGlyphProps {
  arrow: DependencyArrow;
  label: string;
  onPath: boolean;
  selected: boolean;
  /** Selected or focused: drawn with a halo. */
  lit: boolean;
  markerId: string;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent<SVGGElement>) => void;
  onFocus: () => void;
  onBlur: () => void;
}

/** One dependency: a focusable arrow, red with its slip when violated, thicker on the critical path. */
export function ArrowGlyph({ arrow, label, onPath, selected, lit, markerId, ...on }: ArrowGlyphProps) {
  const { t } = useTranslation('timeline');
  const kind: ArrowKind = arrow.slip < 0 ? 'violated' : onPath ? 'critical' : 'normal';
  const d = arrowPath(arrow.from, arrow.to);
  return (
    <g
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-pressed={selected}
      data-testid="dependency-arrow"
      data-dependency={arrow.id}
      data-from={arrow.predecessor.id}
      data-to={arrow.successor.id}
      data-violated={arrow.slip < 0 || undefined}
      data-critical={onPath || undefined}
      onClick={on.onSelect}
      onKeyDown={on.onKeyDown}
      onFocus={on.onFocus}
      onBlur={on.onBlur}
      style={{ pointerEvents: 'auto', cursor: 'pointer', outline: 'none' }}
    >
      {/* a wide invisible stroke: the arrow is easy to hit */}
      <path d={d} fill="none" stroke="transparent" strokeWidth={10} style={{ pointerEvents: 'stroke' }} />
      {/* the head is a larger target, and gives a straight arrow's box a height */}
      <rect
        x={arrow.to.x - headBox}
        y={arrow.to.y - headBox / 2}
        width={headBox}
        height={headBox}
        fill="transparent"
        style={{ pointerEvents: 'all' }}
      />
      {lit && (
        <path
          d={d}
          fill="none"
          stroke="var(--mantine-primary-color-filled)"
          strokeWidth={7}
          strokeOpacity={0.4}
        />
      )}
      <path
        d={d}
        fill="none"
        stroke={arrowColour(kind)}
        strokeWidth={onPath ? 3 : 1.5}
        // an end out of view: faded, not dashed (software-rendered dashes of a hundred long arrows cost
        // a pan every other frame at 10,000 dependencies, bench/README.md)
        strokeOpacity={arrow.from.inView && arrow.to.inView ? 1 : 0.45}
        markerEnd={arrow.to.inView ? `url(#${markerId}-${kind})` : undefined}
      />
      {arrow.slip < 0 && (
        <text
          x={arrow.to.x - 4}
          y={arrow.to.y - 6}
          textAnchor="end"
          fontSize={11}
          fontWeight={700}
          fill={arrowColour('violated')}
          stroke="var(--mantine-color-body)"
          strokeWidth={3}
          paintOrder="stroke"
          data-testid="dependency-slip"
        >
          {slipText(t, arrow.slip)}
        </text>
      )}
    </g>
  );
}

/** The handle at a bar's end that a link is dragged from, just outside the bar (its edge resizes it). */
export function LinkHandle({
  at,
  onPointerDown,
}: {
  at: { x: number; y: number };
  onPointerDown: (event: ReactPointerEvent<HTMLDivElement>) => void;
}) {
  const { t } = useTranslation('timeline');
  return (
    <div
      data-dependency-handle
      data-testid="dependency-handle"
      aria-hidden
      title={t('dependencies.handle')}
      onPointerDown={onPointerDown}
      style={{
        position: 'absolute',
        left: sidebarWidth + at.x,
        top: at.y - handleSize / 2,
        width: handleSize,
        height: handleSize,
        borderRadius: '50%',
        border: '2px solid var(--mantine-primary-color-filled)',
        background: 'var(--mantine-color-body)',
        cursor: 'crosshair',
        zIndex: 3,
      }}
    />
  );
}

interface ArrowToolbarProps {
  arrow: DependencyArrow;
  label: string;
  width: number;
  readOnly: boolean;
  onClose: () => void;
  onRemove: () => void;
}

/** The selected arrow's toolbar: what it links, and "Remove dependency"; Delete removes, Esc closes. */
export function ArrowToolbar({ arrow, label, width, readOnly, onClose, onRemove }: ArrowToolbarProps) {
  const { t } = useTranslation('timeline');
  return (
    <Paper
      data-dependency-toolbar
      data-testid="dependency-toolbar"
      role="toolbar"
      aria-label={t('dependencies.toolbar', {
        predecessor: arrow.predecessor.title,
        successor: arrow.successor.title,
      })}
      withBorder
      shadow="md"
      p={4}
      onPointerDown={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
        else if ((e.key === 'Delete' || e.key === 'Backspace') && !readOnly) onRemove();
      }}
      style={{
        position: 'absolute',
        left: sidebarWidth + Math.min(Math.max(0, (arrow.from.x + arrow.to.x) / 2), width - 200),
        top: Math.max(arrow.from.y, arrow.to.y) + 10,
        zIndex: 30,
      }}
    >
      <Group gap={6} wrap="nowrap">
        <Text size="xs" px={4}>
          {label}
        </Text>
        {!readOnly && (
          <Button
            size="compact-xs"
            color="red"
            variant="light"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={onRemove}
          >
            {t('dependencies.remove')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
