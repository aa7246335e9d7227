//! The pages' SVG as one PDF: each page read with the book's fonts, converted by `svg2pdf`
//! into a form that embeds the subsets of the fonts it uses, and placed on a page of its own
//! with `pdf-writer`.

use std::collections::HashMap;

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, TextStr};
use svg2pdf::usvg;

use crate::Error;
use crate::fonts;
use crate::layout::Paper;

/// The PDF of `pages` (SVG documents of the paper's size, in points), titled `title`.
pub(crate) fn pdf(pages: &[String], paper: Paper, title: &str) -> Result<Vec<u8>, Error> {
    let (w, h) = paper.size();
    let options = usvg::Options {
        fontdb: fonts::database(),
        ..usvg::Options::default()
    };
    let mut alloc = Ref::new(1);
    let catalog = alloc.bump();
    let tree_id = alloc.bump();
    let page_ids: Vec<Ref> = pages.iter().map(|_| alloc.bump()).collect();
    let mut pdf = Pdf::new();
    pdf.catalog(catalog).pages(tree_id);
    pdf.pages(tree_id)
        .kids(page_ids.iter().copied())
        .count(page_ids.len() as i32);
    let name = Name(b"P");
    for (k, (svg, &page_id)) in pages.iter().zip(&page_ids).enumerate() {
        let failed = |message: String| Error::Convert {
            page: k + 1,
            message,
        };
        let tree = usvg::Tree::from_str(svg, &options).map_err(|e| failed(e.to_string()))?;
        let (chunk, form) = svg2pdf::to_chunk(&tree, svg2pdf::ConversionOptions::default())
            .map_err(|e| failed(e.to_string()))?;
        let mut numbers = HashMap::new();
        let chunk = chunk.renumber(|old| *numbers.entry(old).or_insert_with(|| alloc.bump()));
        let form = numbers
            .get(&form)
            .copied()
            .ok_or_else(|| failed("the page's form is missing".to_string()))?;
        let content_id = alloc.bump();
        let mut page = pdf.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, w as f32, h as f32));
        page.parent(tree_id);
        page.contents(content_id);
        page.resources().x_objects().pair(name, form);
        page.finish();
        // The form is one point square: scaled to the page.
        let mut content = Content::new();
        content
            .transform([w as f32, 0.0, 0.0, h as f32, 0.0, 0.0])
            .x_object(name);
        pdf.stream(content_id, &content.finish());
        pdf.extend(&chunk);
    }
    pdf.document_info(alloc.bump())
        .title(TextStr(title))
        .producer(TextStr("maze print"));
    crate::canonical::canonical(&pdf.finish()).map_err(|e| Error::Canonical(e.to_string()))
}
