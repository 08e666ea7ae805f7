import { describe, expect, it } from '@jest/globals';
import { takeServerValues } from './takeServerValues';

interface Values {
  title: string;
  comment: string;
  addAccount: boolean;
}

const formShowing = (values: Values) => {
  const form = {
    initial: values,
    values,
    getValues: () => form.values,
    setInitialValues: (next: Values) => {
      form.initial = next;
    },
    setValues: (next: Values) => {
      form.values = next;
    },
  };
  return form;
};

describe('takeServerValues', () => {
  it("starts the form from the server's record and keeps only the named fields as typed", () => {
    const form = formShowing({ title: 'typed title', comment: 'typed comment', addAccount: true });
    const server = { title: 'server title', comment: '', addAccount: false };
    takeServerValues(form, server, ['comment', 'addAccount']);
    expect(form.initial).toEqual(server);
    expect(form.values).toEqual({ title: 'server title', comment: 'typed comment', addAccount: true });
  });
});
