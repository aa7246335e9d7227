//! The same book as the same bytes on every run: the PDF's objects numbered in the order a
//! reader meets them from the trailer, and every dictionary's keys sorted.
//!
//! `svg2pdf` writes a page's fonts and resource dictionaries from hash maps, so two runs on
//! the same pages number and order those objects differently. A publisher compares books by
//! their bytes, and a checksum that changes with nothing changed hides the change that matters.

use std::collections::{BTreeMap, HashMap, HashSet};

use lopdf::{Dictionary, Document, Object, ObjectId};

/// `pdf` rewritten canonically; the pages, fonts and text are untouched.
pub(crate) fn canonical(pdf: &[u8]) -> Result<Vec<u8>, lopdf::Error> {
    let mut doc = Document::load_mem(pdf)?;
    for object in doc.objects.values_mut() {
        sort_keys(object);
    }
    let sorted_trailer = sorted(&doc.trailer);
    doc.trailer = sorted_trailer;

    let order = reading_order(&doc);
    let numbers: HashMap<ObjectId, ObjectId> = order
        .iter()
        .enumerate()
        .map(|(k, &old)| (old, (k as u32 + 1, 0)))
        .collect();
    let mut objects = BTreeMap::new();
    for old in order {
        if let Some(mut object) = doc.objects.remove(&old) {
            renumber(&mut object, &numbers);
            objects.insert(numbers[&old], object);
        }
    }
    for value in doc.trailer.iter_mut().map(|(_, v)| v) {
        renumber(value, &numbers);
    }
    doc.max_id = objects.len() as u32;
    doc.objects = objects;
    let mut bytes = Vec::with_capacity(pdf.len());
    doc.save_to(&mut bytes)?;
    Ok(bytes)
}

/// Every object in the order of a depth-first walk from the trailer, then (in their old order)
/// any object nothing refers to.
fn reading_order(doc: &Document) -> Vec<ObjectId> {
    let mut order = Vec::with_capacity(doc.objects.len());
    let mut seen = HashSet::new();
    let mut stack: Vec<ObjectId> = Vec::new();
    let mut trailer_refs = Vec::new();
    for (_, value) in doc.trailer.iter() {
        references(value, &mut trailer_refs);
    }
    stack.extend(trailer_refs.into_iter().rev());
    while let Some(id) = stack.pop() {
        if !seen.insert(id) {
            continue;
        }
        let Some(object) = doc.objects.get(&id) else {
            continue;
        };
        order.push(id);
        let mut next = Vec::new();
        references(object, &mut next);
        stack.extend(next.into_iter().rev());
    }
    order.extend(doc.objects.keys().filter(|id| !seen.contains(*id)));
    order
}

fn references(object: &Object, out: &mut Vec<ObjectId>) {
    match object {
        Object::Reference(id) => out.push(*id),
        Object::Array(items) => items.iter().for_each(|o| references(o, out)),
        Object::Dictionary(dict) => dict.iter().for_each(|(_, o)| references(o, out)),
        Object::Stream(stream) => stream.dict.iter().for_each(|(_, o)| references(o, out)),
        _ => {}
    }
}

fn renumber(object: &mut Object, numbers: &HashMap<ObjectId, ObjectId>) {
    match object {
        Object::Reference(id) => {
            if let Some(new) = numbers.get(id) {
                *id = *new;
            }
        }
        Object::Array(items) => items.iter_mut().for_each(|o| renumber(o, numbers)),
        Object::Dictionary(dict) => dict.iter_mut().for_each(|(_, o)| renumber(o, numbers)),
        Object::Stream(stream) => stream
            .dict
            .iter_mut()
            .for_each(|(_, o)| renumber(o, numbers)),
        _ => {}
    }
}

fn sort_keys(object: &mut Object) {
    match object {
        Object::Array(items) => items.iter_mut().for_each(sort_keys),
        Object::Dictionary(dict) => *dict = sorted(dict),
        Object::Stream(stream) => stream.dict = sorted(&stream.dict),
        _ => {}
    }
}

fn sorted(dict: &Dictionary) -> Dictionary {
    let mut entries: Vec<(Vec<u8>, Object)> = dict
        .iter()
        .map(|(k, v)| {
            let mut v = v.clone();
            sort_keys(&mut v);
            (k.clone(), v)
        })
        .collect();
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    entries.into_iter().collect()
}
