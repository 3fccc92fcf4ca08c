#!/usr/bin/env python3
"""Independent count of the entries XCStringsParser should produce for a .xcstrings file.

Written separately from the Swift parser (Python's json module, no shared code) so that the numbers in
Tests/CatalogsTests/XCStringsIceCubesTests.swift do not come from the code under test. Run by hand:
    python3 scripts/xcstrings-count.py ../shared/catalogs/IceCubesApp/Localizable.xcstrings
Rules: one entry per stringUnit leaf (variations.plural / variations.device, nested), one per combination of the plural
forms of the substitutions a value references (distinct names, first-appearance order, depth first), plus one source
entry (the key) for each key without a localization in the source language.
"""
import collections, itertools, json, re, sys

REF = re.compile(r'%%|%arg|%(?:(\d+)\$)?#@([^@]*)@')

def leaves(node, path):
    """Yields (variant path, stringUnit) for every leaf under a localization or variation node."""
    if 'variations' in node:
        for kind, forms in node['variations'].items():
            for form, sub in forms.items():
                yield from leaves(sub, path + [f'{kind}.{form}'])
    elif 'stringUnit' in node:
        yield path, node['stringUnit']

def expand(text, subs):
    """Returns [(text, [components], [form states])]: the product over the substitutions referenced in `text`."""
    def render(t, chosen, spec, stk):
        """Renders t with the chosen forms; returns (text, None) or (None, name) when a name still needs a form."""
        parts, i = [], 0
        for m in REF.finditer(t):
            parts.append(t[i:m.start()]); i = m.end()
            g = m.group(0)
            if g == '%%': parts.append(g)
            elif g == '%arg': parts.append(spec if spec is not None else g)
            else:
                name = m.group(2)
                if name in stk: raise ValueError('cycle')
                if name not in subs: raise ValueError('undefined ' + name)
                if name not in chosen: return None, name
                sub = subs[name]
                an = sub.get('argNum')
                s = '%' + (f'{an}$' if an is not None else (f'{m.group(1)}$' if m.group(1) else '')) + sub['formatSpecifier']
                r, need = render(chosen[name], chosen, s, stk + (name,))
                if need is not None: return None, need
                parts.append(r)
        parts.append(t[i:])
        return ''.join(parts), None
    done = []
    def dfs(chosen, order):
        r, need = render(text, chosen, None, ())
        if need is None:
            done.append((r, [f'{n}.{forms[n][0]}' for n in order], [forms[n][1] for n in order])); return
        for form, fv in subs[need]['variations']['plural'].items():
            chosen2 = dict(chosen); chosen2[need] = fv['stringUnit']['value']
            forms[need] = (form, fv['stringUnit'].get('state'))
            dfs(chosen2, order + [need])
    forms = {}
    dfs({}, [])
    return done

def main(path):
    d = json.load(open(path, encoding='utf-8'), object_pairs_hook=collections.OrderedDict)
    src = d['sourceLanguage']
    total = 0
    per_locale = collections.Counter()
    source_from_key = 0
    samples = {}
    states = collections.Counter()
    for key, v in d['strings'].items():
        locs = v.get('localizations', {})
        if src not in locs:
            total += 1; per_locale[src] += 1; source_from_key += 1
        for lang, loc in locs.items():
            subs = loc.get('substitutions', {})
            for path_, su in leaves(loc, []):
                for text, comps, form_states in expand(su['value'], subs):
                    total += 1; per_locale[lang] += 1
                    # An expanded entry is as finished as its least finished part: the first state that is not
                    # `translated` among the value's and the chosen forms', else the value's own.
                    parts = [su.get('state')] + form_states
                    states[next((x for x in parts if x != 'translated'), parts[0])] += 1
                    samples[(key, lang, '/'.join(path_ + comps))] = text
    print('entries', total)
    print('source entries from the key', source_from_key)
    print('states of entries (the', source_from_key, 'key entries have none):', dict(states))
    print('per locale', sorted(per_locale.items()))
    k = 'design.tag.n-posts-from-n-participants %lld %lld'
    for (kk, lang, var), t in samples.items():
        if kk == k and lang in ('ja', 'en'): print(lang, var, repr(t))
    for (kk, lang, var), t in samples.items():
        if kk == 'account.label.followers %lld %@' and lang == 'en': print(lang, var, repr(t))
    print('variants with a slash', sum(1 for (_, _, var) in samples if '/' in var))

main(sys.argv[1])
