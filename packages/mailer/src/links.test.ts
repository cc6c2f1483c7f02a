import { extractLinks } from './links.js';

describe('extractLinks', () => {
  it('finds the links of the text and the hrefs of the html, once each, in order', () => {
    const text = 'Confirm: https://tend.example/verify?token=a&next=%2F.\nHelp (https://tend.example/help).';
    const html = '<a href="https://tend.example/verify?token=a&amp;next=%2F">Confirm</a> <a href=\'https://tend.example/privacy\'>x</a>';

    expect(extractLinks(text, html)).toEqual([
      'https://tend.example/verify?token=a&next=%2F',
      'https://tend.example/help',
      'https://tend.example/privacy',
    ]);
  });

  it('leaves out links that are not http(s)', () => {
    expect(extractLinks('mailto:ada@example.com', '<a href="javascript:alert(1)">x</a><a href="mailto:a@b.c">m</a>')).toEqual([]);
  });
});
