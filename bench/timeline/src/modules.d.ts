// react-calendar-timeline 0.28 ships no types; these pages use it untyped.
declare module 'react-calendar-timeline';
declare module 'react-calendar-timeline/lib/lib/items/Item';
