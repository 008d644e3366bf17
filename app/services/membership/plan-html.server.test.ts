import { describe, expect, it } from 'vitest';
import { planHtmlProblem, renderPlanHtml } from './plan-html.server';

const values = { name: 'Essential', initialPrice: 'USD 99.00', renewalPrice: 'USD 79.00', trialDays: 30, orgName: 'Wanderly <Travel>' };

describe("a plan's html template (organisation-authored Handlebars, rendered safely)", () => {
  it('accepts plain tags and known values, and escapes every value', () => {
    const template = '<p><strong>{{name}}</strong> by {{orgName}}</p><ul><li>{{renewalPrice}}</li></ul><br/>';
    expect(planHtmlProblem(template)).toBeNull();
    expect(renderPlanHtml(template, values)).toBe('<p><strong>Essential</strong> by Wanderly &lt;Travel&gt;</p><ul><li>USD 79.00</li></ul><br/>');
  });

  it.each([
    ['<script>alert(1)</script>', /tag <script> is not allowed/],
    ['<p onclick="x()">hi</p>', /has attributes/],
    ['<a href="https://evil.example">x</a>', /tag <a> is not allowed/],
    ['<img src=x onerror=alert(1)>', /tag <img> is not allowed/],
    ['{{{name}}}', /unescaped/],
    ['{{& name}}', /unescaped/],
    ['{{#if name}}x{{/if}}', /only \{\{value\}\} expressions/],
    ['{{> partial}}', /only \{\{value\}\} expressions/],
    ['{{lookup . "name"}}', /unknown value/],
    ['{{constructor}}', /unknown value/],
    ['1 < 2', /'<' or '>' that is not part of an allowed tag/],
    ['<p>x</p><img src=x onerror=alert(1)//', /'<' or '>' that is not part of an allowed tag/],
    ['{{name', /not a Handlebars template/],
  ])('refuses %s', (template, reason) => {
    expect(planHtmlProblem(template)).toMatch(reason);
  });
});
