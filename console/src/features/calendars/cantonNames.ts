import type { TFunction } from 'i18next';
import type { Canton } from '@fahrplan/contracts';

/** The cantons' names in the language shown (each key written out, so the catalogue check finds it). */
export const cantonNames = (t: TFunction<'calendars'>): Record<Canton, string> => ({
  AG: t('cantons.AG'),
  AI: t('cantons.AI'),
  AR: t('cantons.AR'),
  BE: t('cantons.BE'),
  BL: t('cantons.BL'),
  BS: t('cantons.BS'),
  FR: t('cantons.FR'),
  GE: t('cantons.GE'),
  GL: t('cantons.GL'),
  GR: t('cantons.GR'),
  JU: t('cantons.JU'),
  LU: t('cantons.LU'),
  NE: t('cantons.NE'),
  NW: t('cantons.NW'),
  OW: t('cantons.OW'),
  SG: t('cantons.SG'),
  SH: t('cantons.SH'),
  SO: t('cantons.SO'),
  SZ: t('cantons.SZ'),
  TG: t('cantons.TG'),
  TI: t('cantons.TI'),
  UR: t('cantons.UR'),
  VD: t('cantons.VD'),
  VS: t('cantons.VS'),
  ZG: t('cantons.ZG'),
  ZH: t('cantons.ZH'),
});
